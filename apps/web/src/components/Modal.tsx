import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { CloseIcon } from './icons';
import styles from './Modal.module.css';
import { useDragToDismiss } from './useDragToDismiss';

export interface ModalProps {
  open: boolean;
  /** Called with false on Escape, overlay click and the close button. */
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name; shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /** Becomes the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Footer actions, right-aligned (stacked on phones). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** Shown above the title (e.g. a success check mark); decorative. */
  icon?: ReactNode;
  align?: 'start' | 'center';
  /** The "Close" (×) button in the corner; on by default. */
  showCloseButton?: boolean;
  className?: string;
  /** A touch drag down (with the content at its top) closes it: phone sheets, the photo viewer. */
  dragToDismiss?: boolean;
}

/**
 * Accessible dialog on Radix: role="dialog" named by its title, focus trapped inside, closes on
 * Escape and overlay click, and gives focus back to what was focused before it opened.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  size = 'md',
  icon,
  align = 'start',
  showCloseButton = true,
  className,
  dragToDismiss = false,
}: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger; our dialogs open from any control (or none),
  // so remember what had focus when it opened and go back there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useDragToDismiss(content, { enabled: open && dragToDismiss, onDismiss: () => onOpenChange(false) });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          ref={setContent}
          className={cx(styles.content, styles[size], align === 'center' && styles.centered, className)}
          // Radix warns without a description; say explicitly there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusRef.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {icon && (
            <div className={styles.icon} aria-hidden="true">
              {icon}
            </div>
          )}
          <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
          {description && (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          )}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
          {showCloseButton && (
            <Dialog.Close className={styles.close} aria-label="Close">
              <CloseIcon size={20} />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
