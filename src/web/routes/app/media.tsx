import { MediaLibrary } from '../../features/media/media-library';

export const MediaRoute = () => <MediaLibrary />;
