// POST /api/commodities/:id/photos: the owner (or their agent) adds photos to a listing, each with its thumbnail,
// through the outbox; once the server has them, the lists are refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommodity } from '../../../../contract/marketplace';
import type { TPhotoUpload } from '../../../../contract/photos';
import { useOutboxWrite } from '../../../lib/outbox/use-outbox-write';
import { queryRoots } from '../../../lib/query-keys';

/** The listing's id and name (for the outbox's label), and the photos added. */
export interface ListingPhotosAdded {
  id: number;
  name: string;
  photos: TPhotoUpload[];
}

export function useAddListingPhotos() {
  const queryClient = useQueryClient();
  const { write, settle } = useOutboxWrite();
  return useMutation({
    mutationFn: ({ id, name, photos }: ListingPhotosAdded) =>
      write<TCommodity>({
        method: 'POST',
        path: `/api/commodities/${id}/photos`,
        body: { photos },
        label: { key: 'outbox:labels.listingPhotos', params: { name, count: photos.length } },
      }),
    onSettled: settle(() => queryClient.invalidateQueries({ queryKey: queryRoots.commodities })),
  });
}
