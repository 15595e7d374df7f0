import ContractOffer from './ContractOffer';
import RealityCheck from './RealityCheck';

/** What a logged-in real member's every page may overlay: the reality check and, for an agent, a contract offer. */
export default function MemberOverlays() {
  return (
    <>
      <RealityCheck />
      <ContractOffer />
    </>
  );
}
