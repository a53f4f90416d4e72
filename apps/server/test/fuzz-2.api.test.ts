import { describeFuzzShard } from './fuzz-suite';

// Shard 2 of three of the fuzz (see fuzz-suite.ts): its own file, so another worker can run it.
describeFuzzShard(2, 3);
