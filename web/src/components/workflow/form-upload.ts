// The upload rules live with the form schema (packages/schema), shared with the server's validator.
export { acceptList, checkUpload, extOf, isImageName, type UploadLimits, type UploadRefusal } from '@campus/schema';
