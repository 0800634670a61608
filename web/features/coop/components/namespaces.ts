// The catalogues the co-operative screens read: their own texts, and the contract's messages their forms may show
// (groups for the co-operative's rules, stock for moisture, marketplace for quantities, grades and crop names).
export const COOP_FORM_NAMESPACES = ['coop', 'groups', 'stock', 'marketplace'];
