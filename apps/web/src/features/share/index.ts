export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { buildEmailLink, buildShareLink, copyText, openSharePopup, sharePopupFeatures } from './share-links';
