import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Dispatch
import Logging

extension LiveRoom {
    // MARK: - Lobby updates, coalesced

    /// Every room of a loop shares the loop's one timer for these (`EventLoop.later`).
    func scheduleFlush() {
        let delay = context.config.rooms.lobbyUpdateMilliseconds
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.later(milliseconds: delay) { weak.value?.flush() }
    }

    func flush() {
        post(Self.batch(publisher.flush(room, to: members.attendance, displaySound: displaySound), to: members, sender: nil, context: context))
    }

    // MARK: - Timer

    /// One timer per room, always set for `room.nextDeadline`: made once and moved, not cancelled
    /// and made again at each new deadline (each source is registered with libdispatch's manager thread).
    func armTimer() {
        guard let deadline = room.nextDeadline else {
            if timerDeadline != nil { timer?.schedule(deadline: .distantFuture) }
            timerDeadline = nil
            return
        }
        guard deadline != timerDeadline else { return }
        let source: any DispatchSourceTimer
        if let timer {
            source = timer
        } else {
            source = DispatchSource.makeTimerSource(queue: loop.queue)
            let weak = WeakLoopRef(self, queue: loop.queue)
            source.setEventHandler {
                guard let self = weak.value else { return }
                self.timerDeadline = nil
                _ = try? self.perform(.tick)
                // A tick that fired a hair early (clock granularity) emits nothing; try again.
                self.armTimer()
            }
            source.activate()
            timer = source
        }
        let delay = max(0, deadline - now)
        source.schedule(deadline: .now() + .milliseconds(Int(delay)), leeway: .milliseconds(1))
        timerDeadline = deadline
    }

    /// Forgets the ended room after `seconds` (default `endedRoomRetentionSeconds`; less for a room
    /// recovered after a restart, whose end was earlier).
    func scheduleRemoval(afterSeconds seconds: Int? = nil) {
        guard !removalScheduled else { return }
        removalScheduled = true
        let seconds = seconds ?? context.config.rooms.endedRoomRetentionSeconds
        let registry = context.registry, code = self.code
        // Past `maxEndedRooms`, the rooms that ended first are dropped now rather than at their time.
        let (ticket, dropped) = registry.markEnded(code, at: room.phaseSince, keepingAtMost: context.config.rooms.maxEndedRooms)
        for ref in dropped {
            context.logger.info("ended room dropped early (rooms.maxEndedRooms)", metadata: ["room": "\(ref.code)"])
            ref.run { $0.forget(); $0.stop() }
        }
        let weak = WeakLoopRef(self, queue: loop.queue)
        loop.queue.asyncAfter(deadline: .now() + .seconds(seconds)) {
            registry.removeEnded(code, ticket: ticket)
            weak.value?.forget()
            weak.value?.stop()
        }
    }

    /// Stops the timer (server shutdown).
    func stop() {
        timer?.cancel()
        timer = nil
    }
}
