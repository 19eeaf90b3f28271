import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

/** The close button's name for screen readers, for Dialog and for the drawer (it is an icon only). */
export function useCloseButtonProps(): { 'aria-label': string } {
  const { t } = useTranslation();
  return { 'aria-label': t('common.close') };
}

/** Mantine's Modal with its close button named in the current language (it is an icon only). */
export function Dialog(props: ModalProps) {
  const closeButtonProps = useCloseButtonProps();
  return <Modal closeButtonProps={closeButtonProps} {...props} />;
}
