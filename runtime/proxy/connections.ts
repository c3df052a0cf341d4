/**
 * The proxy's client connections, each answered strictly in order (docs/validating.md#middleware-and-proxy): a
 * connection the proxy closes after an answer sent with the request's body unread reads no further request from it,
 * and a request Node's parser refuses (malformed, headers too large, not received in time) is answered only when no
 * answer is owed before it and it has none yet: otherwise the owed answers are sent and the connection is then
 * closed, since an answer written now would be taken for another request's.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { errorText, JSON_CONTENT_TYPE } from "../middleware/core.js";

interface Connection {
  /** Requests read (whole or in part) and not yet answered, oldest first. */
  unanswered: Set<ServerResponse>;
  /** The answer of the latest request: the one Node's parser was reading, if it refuses the connection part-way. */
  latest: ServerResponse | undefined;
  /** Closing after an answer sent while its request's body was unread. */
  closing: boolean;
  /** Refused by Node's parser: closed once the answers owed are sent. */
  broken: boolean;
}

export class Connections {
  private readonly states = new WeakMap<Socket, Connection>();

  /** Registers a request; `false` when its connection is closing (the request is dropped, never answered). */
  opened(req: IncomingMessage, res: ServerResponse): boolean {
    const state = this.stateOf(req.socket);
    if (state.closing) return false;
    state.unanswered.add(res);
    state.latest = res;
    res.once("close", () => {
      state.unanswered.delete(res);
      if (state.broken && !owesAnswers(state)) endConnection(req.socket);
    });
    return true;
  }

  /** The connection ends after this answer: the bytes left on it are not read as requests. */
  close(socket: Socket): void {
    this.stateOf(socket).closing = true;
  }

  /** The `clientError` handler of the proxy's server. */
  refused(failure: NodeJS.ErrnoException, socket: Socket): void {
    const state = this.stateOf(socket);
    if (!socket.writable || failure.code === "ECONNRESET") return void socket.destroy();
    state.broken = true;
    socket.pause(); // the parser is spent: nothing more is read
    if (state.closing) return; // the closing answer ends the connection
    // A request whose body the refusal cut short may have been answered already (an upstream that answers a GET
    // from its headers): then it gets no second answer.
    const cutShort = state.latest !== undefined && !state.latest.req.complete ? state.latest : undefined;
    if (owesAnswers(state)) return;
    if (cutShort?.headersSent === true) return endConnection(socket);
    const [status, message, keyword] =
      failure.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "the request was not received in time", "timeout"]
        : failure.code === "HPE_HEADER_OVERFLOW"
          ? [431, "the request headers are too large", "http"]
          : [400, "not a valid HTTP request", "http"];
    const body = errorText({ errors: [{ pointer: "", message, keyword }] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${JSON_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  }

  private stateOf(socket: Socket): Connection {
    let state = this.states.get(socket);
    if (state === undefined) {
      state = { unanswered: new Set(), latest: undefined, closing: false, broken: false };
      this.states.set(socket, state);
    }
    return state;
  }
}

/**
 * Whether an answer is owed before a refused request's: a request read whole and unanswered, or an answer begun.
 * A request cut short by the refusal (its body broken) is owed none.
 */
function owesAnswers(state: Connection): boolean {
  for (const res of state.unanswered) if (res.req.complete || res.headersSent) return true;
  return false;
}

function endConnection(socket: Socket): void {
  if (!socket.destroyed) socket.end(() => socket.destroy());
}
