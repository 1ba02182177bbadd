/// The keys of server messages' fields that are spelled like a message type
/// (`{"type":"result","result":{…}}`), for the encoders that write JSON by hand (`PersonalMessageJSON`);
/// the payloads' own `CodingKeys` write the rest.
package enum ServerMessageField: String, Sendable {
    case players, question, result
}
