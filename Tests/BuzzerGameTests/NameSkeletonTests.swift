import Testing
@testable import BuzzerGame

/// Names that look alike are one name (Unicode TS #39 skeletons): nicknames, bans, teams and blocked words.
@Suite struct NameSkeletonTests {
    @Test(arguments: [
        "\u{0410}da",  // Cyrillic capital А
        "\u{0391}da",  // Greek capital Alpha
        "\u{0430}d\u{0430}",  // Cyrillic small а twice
        "ADA",  // case, as before
        "Ａｄａ",  // full-width, as before
        "𝐀𝐝𝐚",  // mathematical bold ("fancy text")
        "A\u{200D}da",  // an invisible joiner inside
        "Àdá",  // accents, as before
    ])
    func aLookAlikeOfATakenNicknameIsTaken(lookAlike: String) throws {
        var game = try GameHarness()
        _ = try game.join("Ada")
        game.expectRefused(.join(JoinRequest(nickname: lookAlike, resumeTokenHash: "t2")), code: "name_taken")
    }

    @Test(arguments: [
        ("Bob", "B0b"),  // zero for O
        ("Ian", "lan"),  // capital I for small l
        ("Al", "AI"),
        ("Ali", "A1i"),  // one for l
        ("Kim", "Kirn"),  // rn for m
        ("Hal", "\u{041D}al"),  // Cyrillic Н
        ("Kai", "\u{039A}ai"),  // Greek Kappa
        ("Joy", "Jo\u{0443}"),  // Cyrillic у
    ])
    func digitAndLetterLookAlikesClash(taken: String, lookAlike: String) throws {
        var game = try GameHarness()
        _ = try game.join(taken)
        game.expectRefused(.join(JoinRequest(nickname: lookAlike, resumeTokenHash: "t2")), code: "name_taken")
        // And the other way round.
        var reverse = try GameHarness()
        _ = try reverse.join(lookAlike)
        reverse.expectRefused(.join(JoinRequest(nickname: taken, resumeTokenHash: "t2")), code: "name_taken")
    }

    @Test func genuinelyDifferentNamesAreStillAllowed() throws {
        var settings = RoomSettings()
        settings.maxPlayers = 100
        var game = try GameHarness(settings: settings)
        let names = [
            "Ada", "Adam", "Ida", "Eli", "Ell", "Lia", "Lla", "Ian", "Lan", "Bob", "Rob", "Bo", "Kim", "Tim",
            "Ana", "Anna", "Joe", "Zoe", "Al", "Ali", "Olga", "\u{041E}\u{043B}\u{0435}\u{0433}",  // Олег
            "\u{0418}\u{0432}\u{0430}\u{043D}", "Ivan",  // Иван beside Ivan: different letters, not look-alikes
            "\u{039D}\u{03AF}\u{03BA}\u{03BF}\u{03C2}",  // Νίκος
            "Team 1", "Team 2", "R2-D2", "C-3PO",
        ]
        for name in names { _ = try game.join(name) }
        #expect(game.room.players.count == names.count)
    }

    @Test func aBanCoversTheLookAlikesOfTheBannedName() throws {
        var game = try GameHarness()
        let bob = try game.join("Bob")
        try game.send(.kick(bob, ban: true))
        game.expectRefused(.join(JoinRequest(nickname: "\u{0412}\u{043E}b", resumeTokenHash: "x")), code: "banned")  // Воb
        game.expectRefused(.join(JoinRequest(nickname: "B0B", resumeTokenHash: "x")), code: "banned")
        _ = try game.join("Rob")
    }

    @Test func aLookAlikeTeamNameJoinsThatTeamInsteadOfMakingADecoy() throws {
        var game = try GameHarness()
        let ann = try game.join("Ann", team: "The Owls")
        let bea = try game.join("Bea", team: "The \u{041E}wls")  // Cyrillic О
        #expect(game.room.teams.count == 1)
        #expect(game.room.players[ann]?.team == game.room.players[bea]?.team)
        _ = try game.join("Cy", team: "The Owl")
        #expect(game.room.teams.count == 2)
    }

    @Test func blockedWordsAreMatchedThroughLookAlikeLetters() throws {
        var settings = RoomSettings()
        settings.blockedNames = ["Badword"]
        var game = try GameHarness(settings: settings)
        game.expectRefused(.join(JoinRequest(nickname: "b\u{0430}dw0rd", resumeTokenHash: "t")), code: "name_blocked")
        game.expectRefused(.join(JoinRequest(nickname: "the B\u{0391}D-word", resumeTokenHash: "t")), code: "name_blocked")
        _ = try game.join("Badwordsmith")
    }

    @Test func keysFoldCaseBeforeAndAfterTheSkeleton() {
        // Fold first: the Cyrillic capital becomes а, whose prototype is a.
        #expect(NameSkeleton("\u{0410}DA").caseless == "ada")
        // The shape keeps case: I looks like l, so "Ian" and "lan" share it; "Lan" does not.
        #expect(NameSkeleton("Ian").shaped == NameSkeleton("lan").shaped)
        #expect(!NameSkeleton("Ian").looksLike(NameSkeleton("Lan")))
        #expect(NameSkeleton("B0b").looksLike(NameSkeleton("bob")))
        // A key of one kind never meets the other kind: "LAN" folds to lan, "Ian" is shaped lan.
        #expect(!NameSkeleton("LAN").looksLike(NameSkeleton("Ian")))
        #expect(Set(NameSkeleton("LAN").keys).isDisjoint(with: NameSkeleton("Ian").keys))
    }

    @Test func theASCIIShortcutGivesTheSameKeysAsTheGeneralPath() {
        // Every printable ASCII character and the whitespace, in seeded random names of 1 to 12.
        let alphabet = Array((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }) + ["\t", "\n", "\r"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for _ in 0..<5000 {
            let name = String((0..<(1 + next(12))).map { _ in alphabet[next(alphabet.count)] })
            let fast = NameSkeleton(ascii: name), general = NameSkeleton(unicode: name)
            #expect(fast == general, "\(name.debugDescription)")
        }
    }

    /// An archive written before look-alikes were refused can hold two of them: it must still replay
    /// to the same room, with both players and their order unchanged (standings break ties by
    /// `TextNormalizer.fold`, not by the skeleton).
    @Test func anOldLogWithTwoLookAlikesStillReplaysTheSame() throws {
        var game = try GameHarness()
        let ada = try game.join("Ada")
        let cyrillic = PlayerJoined(at: game.now, player: PlayerID(2), nickname: "\u{0410}da", resumeTokenHash: "t-cyr", firstQuestion: 0)
        game.room.apply(.playerJoined(cyrillic))
        game.log.append(.playerJoined(cyrillic))
        let replayed = try Room.replay(game.log)
        #expect(replayed == game.room)
        #expect(replayed.standings.players.map(\.nickname) == game.room.standings.players.map(\.nickname))
        #expect(replayed.players.count == 2)
        // Kicking one frees nothing the other still holds.
        try game.send(.kick(ada, ban: false))
        game.expectRefused(.join(JoinRequest(nickname: "ada", resumeTokenHash: "t3")), code: "name_taken")
    }
}
