import { postFile } from '@/client/lib/api';

/** What the server answers for an uploaded product picture: the record's `image` value among it. */
export interface UploadedProductPicture {
  id: string;
  image: string;
  url: string;
  contentType: string;
}

/** Uploads a product picture (the server sniffs, cleans an SVG and makes the thumbnails). */
export function uploadProductPicture(file: File): Promise<UploadedProductPicture> {
  return postFile<UploadedProductPicture>('/api/admin/product-pictures', file);
}
