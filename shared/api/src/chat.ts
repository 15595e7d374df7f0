/**
 * Live chat with customer service (issue 13; the spec's `/wps/relay/CBS_*`: a model list and a
 * launch answering `chatUrl`). A member writes on one topic (model); operators answer from the
 * operators' chat page (the operator key). Both sides get each message live: the member on the
 * live channel (`chat` event), operators on the channel's `/ops` namespace (`chat` event).
 */

/** The topics a member may open a chat on (the spec's chat "models"). */
export const CHAT_MODELS = ['GENERAL', 'DEPOSIT', 'WITHDRAWAL', 'ACCOUNT'] as const;
export type ChatModel = (typeof CHAT_MODELS)[number];

/** The longest message, in characters. */
export const CHAT_MAX_LENGTH = 1000;

export const CHAT_PATHS = {
  /** GET: the models (topics) */
  modelList: '/wps/relay/CBS_modelList',
  /** GET ?modelCode=: where the chat opens ({ chatUrl }) */
  launchChat: '/wps/relay/CBS_launchChat',
  /** GET: the member's open conversation; POST { body, modelCode? }: a message from the member */
  messages: '/wps/chat/messages',
  /** operators (X-Ops-Key): GET the conversations */
  opsConversations: '/ops/chat/conversations',
} as const;

/** An operators' path for one conversation: its messages (GET, POST) or its closing (POST .../close). */
export const opsConversationPath = (id: number, action: 'messages' | 'close') => `/ops/chat/conversations/${id}/${action}`;

/** The storefront page a launched chat opens (in the customer-service window). */
export const CHAT_PAGE = '/livechat';
/** The operators' chat page (asks for the operator key). */
export const OPS_CHAT_PAGE = '/operators/chat';
/** The live channel's namespace for operators (authenticated by `auth.opsKey`). */
export const OPS_LIVE_NAMESPACE = '/ops';

export interface ChatModelDto {
  modelCode: ChatModel;
}

export interface ChatMessageDto {
  id: number;
  conversationId: number;
  sender: 'MEMBER' | 'OPERATOR';
  body: string;
  createdAt: string;
}

/** The member's open conversation (null when none is open) and its messages, oldest first. */
export interface ChatConversationDto {
  conversationId: number | null;
  modelCode: ChatModel | null;
  messages: ChatMessageDto[];
}

/** One conversation as operators list it. */
export interface OpsConversationDto {
  id: number;
  account: string;
  modelCode: ChatModel;
  status: 'OPEN' | 'CLOSED';
  lastMessageAt: string;
  /** the last message, if any */
  last: ChatMessageDto | null;
  /** the member wrote last: an operator should answer */
  waiting: boolean;
}

/** What operators' sockets receive (event `chat`): a message and the conversation it belongs to. */
export interface OpsChatEvent {
  conversation: OpsConversationDto;
  message: ChatMessageDto;
}
