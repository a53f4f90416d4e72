import { describeFuzzShard } from './fuzz-suite';

// The first of three shards of the fuzz (see fuzz-suite.ts), with the check that every JSON
// endpoint has a target.
describeFuzzShard(1, 3);
