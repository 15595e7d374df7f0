import { BUCKET_COOKIE, BUCKET_STORAGE_KEY, releaseBucket, resetReleaseBucketForTests } from './bucket';

function clearCookie() {
  document.cookie = `${BUCKET_COOKIE}=; Max-Age=0; Path=/`;
}

describe('release bucket', () => {
  beforeEach(() => {
    resetReleaseBucketForTests();
    localStorage.clear();
    clearCookie();
    jest.restoreAllMocks();
  });

  it('is drawn once, kept in local storage, and read back by later page loads', () => {
    const b = releaseBucket();
    expect(Number.isInteger(b) && b >= 0 && b <= 99).toBe(true);
    expect(localStorage.getItem(BUCKET_STORAGE_KEY)).toBe(String(b));
    resetReleaseBucketForTests(); // a new page load
    localStorage.setItem(BUCKET_STORAGE_KEY, '42');
    expect(releaseBucket()).toBe(42);
    expect(releaseBucket()).toBe(42);
  });

  it('spreads evenly over 0–99', () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 5000; i++) {
      resetReleaseBucketForTests();
      localStorage.clear();
      counts[Math.floor(releaseBucket() / 10)] += 1;
    }
    // each tenth holds about 500 of 5,000 draws
    for (const c of counts) expect(Math.abs(c - 500)).toBeLessThan(120);
  });

  it('draws again over a stored value that is not a bucket', () => {
    localStorage.setItem(BUCKET_STORAGE_KEY, 'banana');
    const b = releaseBucket();
    expect(localStorage.getItem(BUCKET_STORAGE_KEY)).toBe(String(b));
  });

  it('falls back to a cookie when local storage is unavailable, and to memory when both are', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const b = releaseBucket();
    expect(document.cookie).toContain(`${BUCKET_COOKIE}=${b}`);
    resetReleaseBucketForTests();
    expect(releaseBucket()).toBe(b); // the next page load reads the cookie

    clearCookie();
    resetReleaseBucketForTests();
    jest.spyOn(Document.prototype, 'cookie', 'get').mockImplementation(() => {
      throw new Error('denied');
    });
    const c = releaseBucket();
    expect(releaseBucket()).toBe(c); // stable for this page
  });
});
