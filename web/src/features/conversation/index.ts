/** The chat on an enquiry or offer: the button that opens it. */
export { ChatButton } from './components/ChatButton';
