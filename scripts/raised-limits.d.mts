/** The room server's flags that raise its per-address limits out of the way of tests and benchmarks. */
export declare const RAISED_LIMITS: readonly string[];
