// What the Add Commodity dialog opens with: empty, or prefilled to answer a buyer's request or for a farmer an agent
// represents.
export interface ListingDraft {
  name: string;
  quantity: string;
  price: string;
  grade: 'A' | 'B' | 'C';
  requestId?: number;
  /** An agent's listing: the farmer chosen beforehand (from the agent screen). */
  farmerId?: number;
  /** The stock lot it sells from (the stock screen's "List this lot"). */
  lotId?: number;
}

// Empty, not '0': a zero is never a valid listing, and the farmer would have to delete it before typing.
export const EMPTY_DRAFT: ListingDraft = { name: '', quantity: '', price: '', grade: 'A' };
