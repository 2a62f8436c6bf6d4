export { findMissingUploads, findUpload, saveUpload, type UploadInfo } from './service';
export { uploadRoutes, type UploadAnswer } from './routes';
export { FileUploadStorage, type UploadStorage } from './storage';
