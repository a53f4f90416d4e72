import { describeFuzzShard } from './fuzz-suite';

// Shard 3 of three of the fuzz (see fuzz-suite.ts): its own file, so another worker can run it.
describeFuzzShard(3, 3);
