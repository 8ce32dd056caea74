import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { MediaAsset } from '../../../domain/media-schemas';
import { deleteMedia, mediaKeys, updateMediaStatus } from '../../api/media';
import { MEDIA_TEXT } from '../../ui/media-display';

type Review = 'approved' | 'rejected';

/**
 * Approve, reject and delete, singly or (review) in bulk, with the spec's toasts; every list of
 * media is refreshed afterwards. Bulk sends one request per asset, all in parallel.
 */
export const useMediaActions = () => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });

  const review = useMutation({
    mutationFn: ({ asset, status }: { asset: MediaAsset; status: Review }) => updateMediaStatus(asset.id, status),
    onSuccess: (_data, { status }) => {
      toast.success(status === 'approved' ? MEDIA_TEXT.approved : MEDIA_TEXT.rejected);
    },
    onError: (_error, { status }) => {
      toast.error(status === 'approved' ? MEDIA_TEXT.approveFailed : MEDIA_TEXT.rejectFailed);
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (asset: MediaAsset) => deleteMedia(asset.id),
    onSuccess: () => {
      toast.success(MEDIA_TEXT.deleted);
    },
    onError: () => {
      toast.error(MEDIA_TEXT.deleteFailed);
    },
    onSettled: refresh,
  });

  const bulk = useMutation({
    mutationFn: async ({ ids, status }: { ids: readonly string[]; status: Review }) => {
      const results = await Promise.allSettled(ids.map((id) => updateMediaStatus(id, status)));
      const done = results.filter((result) => result.status === 'fulfilled').length;
      if (done < ids.length) throw Object.assign(new Error('bulk review failed'), { done });
      return done;
    },
    onSuccess: (done, { status }) => {
      toast.success(status === 'approved' ? MEDIA_TEXT.bulkApproved(done) : MEDIA_TEXT.bulkRejected(done));
    },
    onError: (error, { status }) => {
      const done = (error as { done?: number }).done ?? 0;
      if (done > 0) toast.success(status === 'approved' ? MEDIA_TEXT.bulkApproved(done) : MEDIA_TEXT.bulkRejected(done));
      toast.error(status === 'approved' ? MEDIA_TEXT.bulkApproveFailed : MEDIA_TEXT.bulkRejectFailed);
    },
    onSettled: refresh,
  });

  /** Ids whose request is under way, to show spinners and block double clicks. */
  const busyIds = new Set<string>([
    ...(review.isPending && review.variables ? [review.variables.asset.id] : []),
    ...(remove.isPending && remove.variables ? [remove.variables.id] : []),
    ...(bulk.isPending && bulk.variables ? bulk.variables.ids : []),
  ]);

  return { review, remove, bulk, busyIds };
};
