import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnyFormDirty } from '../lib/dirty-forms';
import { toast } from '../lib/toast';
import { useNewerBuild } from '../lib/use-newer-build';

const TOAST_ID = 'build-update';

/**
 * Offers a reload when a newer build has been deployed (docs/product-requirements.md §9). It never reloads by itself,
 * and never offers while a form holds unsent typing: the offer waits until the form is sent or left, and is withdrawn
 * if typing starts while it is shown. Closed by the user, it stays closed for that build; a later deploy offers again.
 */
export function BuildUpdateNotice() {
  const { t } = useTranslation();
  const newer = useNewerBuild();
  const formDirty = useAnyFormDirty();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const offer = newer !== null && newer !== dismissed && !formDirty;

  useEffect(() => {
    if (!offer) return;
    // Closing it here (a form became dirty, the language changed) is not the user saying no.
    let withdrawing = false;
    const id = toast.info(t('buildUpdate.title'), t('buildUpdate.message'), {
      id: TOAST_ID,
      duration: false,
      action: { label: t('buildUpdate.reload'), onClick: () => window.location.reload() },
      onClose: () => {
        if (!withdrawing) setDismissed(newer);
      },
    });
    return () => {
      withdrawing = true;
      toast.close(id);
    };
  }, [offer, newer, t]);

  return null;
}
