import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, resetPasswordFormSchema, verifyEmailSchema } from './auth';

const base = { username: 'A@Example.com', password: 'long-enough', firstName: 'A', lastName: 'B' };

describe('registerSchema', () => {
  it('lower-cases the e-mail, defaults the creator type, and turns empty places into Default', () => {
    const parsed = registerSchema.parse({ ...base, country: '', city: '  ' });
    expect(parsed).toMatchObject({
      username: 'a@example.com',
      creatorType: 'full-time',
      country: 'Default',
      city: 'Default',
    });
  });

  it('keeps a given country and city', () => {
    expect(registerSchema.parse({ ...base, country: 'Namibia', city: 'Windhoek' })).toMatchObject({
      country: 'Namibia',
      city: 'Windhoek',
    });
  });

  it.each([
    [{ password: '1234567' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ username: 'nope' }, 'Please enter a valid email address'],
    [{ firstName: ' ' }, 'First name is required'],
    [{ creatorType: 'pro' }, 'Choose a creator type'],
  ])('refuses %o with "%s"', (change, message) => {
    const result = registerSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });
});

describe('verifyEmailSchema', () => {
  it('takes at most 6 characters', () => {
    expect(verifyEmailSchema.safeParse({ email: 'a@b.co', code: '123456' }).success).toBe(true);
    expect(verifyEmailSchema.safeParse({ email: 'a@b.co', code: '1234567' }).success).toBe(false);
    expect(verifyEmailSchema.safeParse({ email: 'a@b.co', code: '' }).error!.issues[0]!.message).toBe(
      'Code Required',
    );
  });
});

describe('loginSchema', () => {
  it('defaults rememberMe to false', () => {
    expect(loginSchema.parse({ username: 'a@b.co', password: 'x' }).rememberMe).toBe(false);
  });
});

describe('resetPasswordFormSchema', () => {
  it('needs matching passwords of at least 8 characters', () => {
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }).success,
    ).toBe(true);
    const mismatch = resetPasswordFormSchema.safeParse({
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgx',
    });
    expect(mismatch.error!.issues[0]).toMatchObject({
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });
    const short = resetPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.error!.issues[0]!.message).toBe('Password must be at least 8 characters');
  });
});
