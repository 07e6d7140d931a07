/** The chat's public face: its routes. */
export { conversationRoutes } from './conversation.routes';
