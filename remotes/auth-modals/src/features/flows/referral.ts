/** The referral code of a referral link (?referralCode= or ?ref=). */
export function referralFromUrl(search = window.location.search): string {
  const q = new URLSearchParams(search);
  return (q.get('referralCode') ?? q.get('ref') ?? '').slice(0, 64);
}
