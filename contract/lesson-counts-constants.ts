// Learning-count constants the web's screens need at first render, without zod
// (contract/lesson-counts.ts holds the schemas).

/**
 * Counts are shown only when at least this many people share their reading (the viewer not among them): below it,
 * a count could be one person's (or, the viewer knowing their own, two people's) reading. This is k-anonymity with
 * k = 3 (Sweeney L., 2002, "k-anonymity: a model for protecting privacy", International Journal of Uncertainty,
 * Fuzziness and Knowledge-Based Systems 10(5)); 3 is our choice of k, the smallest that hides one person among
 * others. The cost is said, not hidden: the admin of a co-operative of two or three members, or an agent with one or
 * two farmers, sees how many share but no counts.
 */
export const LEARNING_COUNTS_MIN_SHARING = 3;
