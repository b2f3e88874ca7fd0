import { describe, expect, it } from 'vitest';
import { responseMismatch } from '../support/response-check';

const base = 'http://127.0.0.1:3000';
const locales = { default: 'en_GB', items: ['en_GB', 'de_DE'] };
const v1 = new Headers({
  'X-Service-Media-Type': 'application/vnd.service.v1+json',
  'Server-Timing': 'db;dur=1.2;desc="1 call, 1 RCU", app;dur=0.4',
});

describe('the response check of the API tests (responseMismatch)', () => {
  it('passes an answer that matches its route and status', () => {
    // Act
    const check = () =>
      responseMismatch('GET', `${base}/demo/locales?x=1`, 200, locales, JSON.stringify(locales), v1);

    // Assess
    expect(check()).toBeUndefined();
  });

  it('fails on a body that misses a required field, naming the route, status and issue path', () => {
    // Act
    const check = () =>
      responseMismatch('GET', `${base}/demo/locales`, 200, { items: [] }, '{"items":[]}', v1);

    // Assess
    expect(check()).toMatch(/GET \/\{shopId\}\/locales \(getLocales\) answered 200:[\s\S]*at default:/);
  });

  it('fails on a field the schema does not have', () => {
    // Act
    const body = { ...locales, secret: 'x' };
    const check = () => responseMismatch('GET', `${base}/demo/locales`, 200, body, JSON.stringify(body), v1);

    // Assess
    expect(check()).toMatch(/secret/);
  });

  it('fails on a status the document does not list for the operation', () => {
    // Act
    const body = { status: '410', message: 'Gone' };
    const check = () => responseMismatch('GET', `${base}/demo/locales`, 410, body, JSON.stringify(body), v1);

    // Assess
    expect(check()).toMatch(/status 410 is not documented/);
  });

  it('checks error bodies, also of paths without an operation', () => {
    // Act
    const check = () =>
      responseMismatch('GET', `${base}/demo/nothing-here`, 404, { message: 'x' }, '{"message":"x"}', v1);

    // Assess
    expect(check()).toMatch(/no operation\) answered 404:[\s\S]*at status:/);
  });

  it('fails on a header the document says the response always carries', () => {
    // Act
    const check = () =>
      responseMismatch('GET', `${base}/demo/locales`, 200, locales, JSON.stringify(locales), new Headers());

    // Assess
    expect(check()).toMatch(/missing header X-Service-Media-Type/);
  });

  it('wants no body on a 204', () => {
    // Act
    const check = () => responseMismatch('DELETE', `${base}/demo/categories/hats`, 204, '{}', '{}', v1);

    // Assess
    expect(check()).toMatch(/expected no body/);
  });
});
