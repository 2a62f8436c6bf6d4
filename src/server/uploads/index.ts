export {
  attachUploads,
  deleteExpiredUploads,
  findMissingUploads,
  findUpload,
  unattachedBytes,
  uploadInfoColumns,
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
export { uploadRoutes, type UploadAnswer } from './routes';
export { FileUploadStorage, type PendingWrite, type UploadStorage } from './storage';
export { measureUpload } from './measure';
export { readPixelSize, type PixelSize } from './pixel-size';
