/**
 * Mantine's Modal with the two things axe asks of every dialog here: a close button named in the
 * reader's language, and a header that is a plain div (Mantine's <header> would be a second banner
 * landmark on the page). Takes Modal's props.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AppModal({ title, children, withCloseButton = true, closeButtonProps, overlayProps, ...root }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root {...root}>
      <Modal.Overlay {...overlayProps} />
      <Modal.Content>
        {(title || withCloseButton) && (
          <Modal.Header {...({ component: 'div' } as object)}>
            {title && <Modal.Title>{title}</Modal.Title>}
            {withCloseButton && <Modal.CloseButton aria-label={t('Close')} {...closeButtonProps} />}
          </Modal.Header>
        )}
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
