// What the Add Commodity dialog opens with: empty, or prefilled to answer a buyer's request.
export interface ListingDraft {
  name: string;
  quantity: string;
  price: string;
  grade: 'A' | 'B' | 'C';
  requestId?: number;
}

export const EMPTY_DRAFT: ListingDraft = { name: '', quantity: '0', price: '0', grade: 'A' };
