export { ConfirmBlockDialog } from './ConfirmBlockDialog';
export { PostMenu } from './PostMenu';
export { ProfileMenu } from './ProfileMenu';
export { ReportDialog } from './ReportDialog';
