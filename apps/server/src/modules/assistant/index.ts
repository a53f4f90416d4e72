/** The assistant module as the server uses it: the bank as an MCP server (ADR 0029). */
export { registerAssistant } from './assistant.module';
