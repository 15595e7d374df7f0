// The one chunk a logged-in member loads: the live channel (with socket.io-client) and the header's
// account area (balance, nickname, logout). A guest's page never loads it.
export { startLive } from './startLive';
export { default as HeaderAccount } from './HeaderAccount';
export { default as MemberOverlays } from './MemberOverlays';
