/// A route's path: literal segments and `{name}` parameters, `/api/packs/{id}` say. A parameter
/// takes one whole segment (never a `/`), so a pattern matches paths of its own depth only.
struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    init(_ pattern: String) {
        segments = Self.split(pattern).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// The parameters by name when `parts` (a path cut at its slashes) is this pattern's, else nil.
    func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text): guard part == text else { return nil }
            case .parameter(let name): parameters[name] = String(part)
            }
        }
        return parameters
    }

    /// `/api/packs/x` → `api`, `packs`, `x`; `/` → one empty segment. The query is not part of it.
    /// A path without its leading `/` (`*/metrics`) has no segments and so matches no route: dropping
    /// its first part would make it the route a proxy's `/metrics` rule was meant to hide.
    static func split(_ path: String) -> [Substring] {
        guard path.hasPrefix("/") else { return [] }
        return Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }

    var description: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): "{\(name)}"
            }
        }.joined(separator: "/")
    }
}
