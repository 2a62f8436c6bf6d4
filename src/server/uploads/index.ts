/** Uploads' public face for other domains: receiving, storing, detecting and attaching uploaded files. Its routes are in ./routes. */
export {
  attachUploads,
  attachUploadsSql,
  deleteExpiredUploads,
  findMissingUploads,
  findUpload,
  findUploadBy,
  pixelSizesOf,
  unattachedBytes,
  uploadBytes,
  uploadFactsSql,
  type UploadInfo,
} from './service';
export {
  cleanFileName,
  enableUploads,
  receiveUpload,
  SNIFF_BYTES,
  uploadStorageFor,
  type ReceiveOptions,
  type Sniffed,
} from './receive';
export { sendUpload, uploadContentSecurityPolicy } from './serve';
export { detectImage, looksLikePdf, looksLikeSvgDocument } from './detect';
export { FileUploadStorage, type PendingWrite, type UploadStorage } from './storage';
export { moveUploads, type MoveSummary } from './move';
export { measureUpload, tooManyPixels } from './measure';
export { readPixelSize, type PixelSize } from './pixel-size';
export { svgRewriter } from './svg-rewriter';
export { canThumbnail, thumbnailOf } from './thumbnail';
export { sendThumbnail } from './thumbnail-reply';
export { unmeasured, type WorkMeter } from './text-scan';
export { uploadRefusalResponses } from './contract';
