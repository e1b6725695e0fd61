/**
 * Which forms hold typing the user has not submitted yet. A form reports itself with `useDirtyForm(form.isDirty())`;
 * anything that could throw that typing away (the build-update reload, docs/product-requirements.md §9) asks
 * `useAnyFormDirty()` first. A form that unmounts stops counting, so leaving a page never leaves a stale entry behind.
 */
import { useEffect, useSyncExternalStore } from 'react';

const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function anyFormDirty(): boolean {
  return dirtyForms.size > 0;
}

/** Counts the calling form as dirty while `dirty` is true and it is mounted. */
export function useDirtyForm(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const entry = Symbol('dirty form');
    dirtyForms.add(entry);
    emit();
    return () => {
      dirtyForms.delete(entry);
      emit();
    };
  }, [dirty]);
}

/** Whether any mounted form is dirty, re-rendering when that changes. */
export function useAnyFormDirty(): boolean {
  return useSyncExternalStore(subscribe, anyFormDirty, anyFormDirty);
}
