/** The billing screen's load failure (spec section 8). */
export const LOAD_FAILED = 'Failed to load billing data';
