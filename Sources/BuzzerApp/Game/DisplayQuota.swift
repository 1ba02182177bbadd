/// How many projector pages (`watch` connections) are open, per room and per address, so that
/// anyone who knows a code cannot open thousands of them: each one costs the room a copy of every
/// broadcast. Taken before a watch reaches its room, given back when it is refused or closes.
///
/// Pure; `RoomEntrance` keeps one behind a lock.
struct DisplayQuota: Sendable {
    enum Refusal: Equatable, Sendable {
        case roomFull(max: Int)
        case addressFull(max: Int)

        /// As the watch is refused.
        var error: AppError {
            switch self {
            case .roomFull(let max): .tooManyDisplays(inRoom: true, max: max)
            case .addressFull(let max): .tooManyDisplays(inRoom: false, max: max)
            }
        }
    }

    let perRoom: Int
    let perAddress: Int
    private var byRoom: [String: Int] = [:]
    private var byAddress: [String: Int] = [:]

    init(perRoom: Int, perAddress: Int) {
        self.perRoom = perRoom
        self.perAddress = perAddress
    }

    /// Takes one display for `room` from `address`, or says why not (and takes nothing).
    mutating func take(room: String, address: String) -> Refusal? {
        if byRoom[room, default: 0] >= perRoom { return .roomFull(max: perRoom) }
        if byAddress[address, default: 0] >= perAddress { return .addressFull(max: perAddress) }
        byRoom[room, default: 0] += 1
        byAddress[address, default: 0] += 1
        return nil
    }

    /// Gives back what `take` took; entries that reach zero are dropped, so the maps stay as small
    /// as the open displays.
    mutating func giveBack(room: String, address: String) {
        Self.decrement(&byRoom, room)
        Self.decrement(&byAddress, address)
    }

    func count(room: String) -> Int { byRoom[room, default: 0] }
    var trackedAddresses: Int { byAddress.count }

    private static func decrement(_ map: inout [String: Int], _ key: String) {
        guard let count = map[key] else { return }
        map[key] = count > 1 ? count - 1 : nil
    }
}
