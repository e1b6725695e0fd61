import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { getSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { USER } from '../test-fixtures';
import { BirdIdBinding } from './bird-id-binding';

const PATH = '/en/user/my-data';
const LOGGER_ID = 'bird_0123456789abcdefABCDEF';
const BIND = 'POST /api/c_report/user/bind_client_id';

function fillIn(values: { id?: string; code?: string }) {
  if (values.id !== undefined)
    fireEvent.change(screen.getByRole('textbox', { name: en.myData.birdId }), { target: { value: values.id } });
  if (values.code !== undefined)
    fireEvent.change(screen.getByRole('textbox', { name: en.myData.bindingCode }), { target: { value: values.code } });
}

const bindButton = () => screen.getByRole('button', { name: en.myData.bind });

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  setSession({ token: 'tok-1', userInfo: USER });
});

describe('BirdIdBinding', () => {
  it('asks for the logger id and the binding code, saying where the logger shows them', async () => {
    renderRoute(<BirdIdBinding user={USER} />, { path: PATH });
    expect(await screen.findByText(en.myData.birdIntro)).toBeTruthy();
    expect(screen.getByText(en.myData.birdIdHint)).toBeTruthy();
    expect(screen.getByText(en.myData.bindingCodeHint)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: en.myData.bindingCode }).getAttribute('placeholder')).toBe(
      en.fields.bindingCodePlaceholder,
    );
  });

  it('sends nothing without a code, or with one of the wrong length', async () => {
    const api = fakeApi();
    renderRoute(<BirdIdBinding user={USER} />, { path: PATH });
    await screen.findByText(en.myData.birdIntro);
    fillIn({ id: LOGGER_ID });
    fireEvent.click(bindButton());
    expect(await screen.findByText(en.validation.bindingCodeRequired)).toBeTruthy();
    fillIn({ code: '7K3' });
    fireEvent.click(bindButton());
    expect(await screen.findByText(en.validation.bindingCodeLength)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('binds with {client_id, code} and keeps the bound user in the session', async () => {
    const api = fakeApi({ [BIND]: () => json({ ...USER, client_id: LOGGER_ID }) });
    renderRoute(<BirdIdBinding user={USER} />, { path: PATH });
    await screen.findByText(en.myData.birdIntro);
    fillIn({ id: ` ${LOGGER_ID} `, code: ' 7k3q-x9mz ' });
    fireEvent.click(bindButton());
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.myData.bindSuccess })),
    );
    expect(api.to('POST', '/api/c_report/user/bind_client_id')[0]!.json).toEqual({
      client_id: LOGGER_ID,
      code: '7k3q-x9mz',
    });
    expect(getSession().userInfo?.client_id).toBe(LOGGER_ID);
  });

  it('puts BINDING_CODE_INVALID under the code and CLIENT_NOT_FOUND under the id, in words', async () => {
    let answer = 'BINDING_CODE_INVALID';
    fakeApi({ [BIND]: () => json({ detail: answer }, answer === 'CLIENT_NOT_FOUND' ? 404 : 400) });
    renderRoute(<BirdIdBinding user={USER} />, { path: PATH });
    await screen.findByText(en.myData.birdIntro);
    fillIn({ id: LOGGER_ID, code: '7K3QX9MZ' });
    fireEvent.click(bindButton());
    const code = screen.getByRole('textbox', { name: en.myData.bindingCode });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: en.myData.birdId }).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText(en.errors.BINDING_CODE_INVALID).length).toBeGreaterThan(0);

    answer = 'CLIENT_NOT_FOUND';
    fireEvent.click(bindButton());
    const id = screen.getByRole('textbox', { name: en.myData.birdId });
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(en.errors.CLIENT_NOT_FOUND).length).toBeGreaterThan(0);
    expect(getSession().userInfo?.client_id).toBeNull();
  });
});
