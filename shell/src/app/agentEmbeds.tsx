import { RemoteArea } from '../federation/RemoteArea';

/**
 * The agent centre's pages that other areas already build (issue 11): deposit, withdraw and
 * platform messages are the member centre's pages, announcements the news centre, customer service
 * the help centre. The agent centre shows them in its own layout through this (one copy of each
 * page, each loaded from its own remote when opened). Its own chunk: loaded by the agent centre only.
 */
export default function AgentEmbed({ page }: { page: string }) {
  switch (page) {
    case 'deposit':
      return <RemoteArea remote="member-centre" module="MemberPage" props={{ page: 'depositv2' }} />;
    case 'withdraw':
      return <RemoteArea remote="member-centre" module="MemberPage" props={{ page: 'withdraw' }} />;
    case 'platformMessages':
      return <RemoteArea remote="member-centre" module="MemberPage" props={{ page: 'messageV2' }} />;
    case 'agentAnnouncement':
      return <RemoteArea remote="promotions" module="NoticeCentre" />;
    case 'customerService':
      return <RemoteArea remote="promotions" module="HelpCentre" />;
    default:
      return null;
  }
}
