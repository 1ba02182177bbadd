import BuzzerWebSocket

/// What the transport does with a request's body, decided by the app from the request's head
/// before one byte of the body is read.
package enum RequestBodyDecision: Sendable, Equatable {
    /// Read a `Content-Length` body of at most `limit` bytes; a longer one gets 413 unread. 0 takes none.
    case read(limit: Int)
    /// Answer now and read nothing: a request refused on its headers (a wrong token, say) costs the
    /// server its head only, not a buffered upload. The connection closes after the answer, since
    /// the unread body would otherwise be taken for the next request.
    case answer(HTTPResponse)
}
