import { useState } from 'react';
import type { MediaAsset } from '../../domain/media-schemas';
import { useThumbnailUrl } from '../api/media';
import { FilmIcon } from './icons';

/** A small still of the spot when it has a thumbnail, else a film icon. */
export const MediaThumbnail = ({ asset }: { asset: MediaAsset }) => {
  const url = useThumbnailUrl(asset);
  const [failed, setFailed] = useState(false);
  const box = 'flex h-10 w-16 shrink-0 items-center justify-center overflow-hidden rounded bg-slate-100 text-slate-400';
  if (!asset.has_thumbnail || !url.data || failed)
    return (
      <span className={box}>
        <FilmIcon className="size-5" />
      </span>
    );
  return (
    <span className={box}>
      <img src={url.data} alt="" loading="lazy" onError={() => setFailed(true)} className="size-full object-cover" />
    </span>
  );
};
