export { ConfirmBlockDialog } from './ConfirmBlockDialog';
export { PostMenu } from './PostMenu';
export { ReportDialog } from './ReportDialog';
