import type { AgentResources } from './en';

export const bn: AgentResources = {
  title: 'এজেন্ট কেন্দ্র',
  gmt: 'GMT{{offset}}',
  signOut: 'সাইন আউট',
  menu: {
    deposit: 'জমা',
    withdraw: 'উত্তোলন',
    agentAnnouncement: 'ঘোষণা',
    agentTeamOverview: 'টিমের সারসংক্ষেপ',
    registerCenter: 'অ্যাকাউন্ট নিবন্ধন',
    downlineManagmentView: 'টিম ব্যবস্থাপনা',
    personalHistoryCopy: 'টিমের বেটিং',
    palStatementsAgentCopy: 'ব্যবহারকারীর ক্ষতি',
    agentRevenueReport: 'আমার আয়',
    agentDownlineTransactionDetailsCopy: 'অ্যাকাউন্টের বিবরণ',
    agentDividendRecordCopy2: 'লভ্যাংশের রেকর্ড',
    agentDailyWages2: 'দৈনিক মজুরি',
    agentHourSalary: 'ঘণ্টাভিত্তিক বেতন',
    agentRealtimeSalary: 'রিয়েল-টাইম বেতন',
    platformMessages: 'প্ল্যাটফর্ম বার্তা',
    customerService: 'গ্রাহক সেবা',
  },
  confirmSignOut: 'আপনি কি সাইন আউট করতে চান?',
};
