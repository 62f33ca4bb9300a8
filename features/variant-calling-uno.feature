Feature: Variants of calling UNO
  Variants change what a forgotten UNO call costs, when the offender can be caught,
  whether a player going out must also announce it, and whether the call is required
  at all.

  Rule: V-UNO-PENALTY-LOSE-TURN

    @V-UNO-PENALTY-LOSE-TURN @official
    Scenario: a caught player draws two and also misses their next turn
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2

      Given a 3-player game
      And the option V-UNO-PENALTY-LOSE-TURN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      # checks V-UNO-PENALTY-LOSE-TURN
      And the position has /missed_turns/0 = 1
      And seat 1 is to act
      When seat 1 plays R6
      And seat 2 plays R7
      Then seat 1 is to act
      And an event turn_missed cites V-UNO-PENALTY-LOSE-TURN
      And the position has /missed_turns/0 = 0

    @V-UNO-PENALTY-LOSE-TURN @sv-unoregler
    Scenario: the Swedish guide makes a caught player miss a turn
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶2

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      # checks V-UNO-PENALTY-LOSE-TURN
      When seat 1 plays R6
      And seat 2 plays R7
      Then seat 1 is to act

    @V-UNO-PENALTY-LOSE-TURN @negative @official
    Scenario: a turn already lost to a Skip does not use up the missed turn
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶2

      Given a 3-player game
      And the option V-UNO-PENALTY-LOSE-TURN
      And the hands are
        | seat | cards       |
        | 0    | R5 G1       |
        | 1    | R6 R8 B1    |
        | 2    | RS R9 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 catches seat 0
      And seat 1 plays R6
      And seat 2 plays RS
      Then seat 1 is to act
      And the position has /missed_turns/0 = 1
      When seat 1 plays R8
      And seat 2 plays R9
      Then seat 1 is to act
      And the position has /missed_turns/0 = 0

    @V-UNO-PENALTY-LOSE-TURN @official
    Scenario: with two players the opponent takes the missed turn
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶2

      Given a 2-player game
      And the option V-UNO-PENALTY-LOSE-TURN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 R7 B1 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      # checks V-UNO-PENALTY-LOSE-TURN
      When seat 1 plays R6
      Then seat 1 is to act
      And seat 0 holds 3 cards

  Rule: V-UNO-OUT-CALL

    @V-UNO-OUT-CALL @official
    Scenario: a last card laid with the UNO out call ends the round
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5 and says UNO out
      Then the round is won by seat 0

    @V-UNO-OUT-CALL @negative @official
    Scenario: a last card laid without the call costs two cards and the round goes on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the round goes on
      And the top card is R5
      And seat 0 holds 2 cards
      And seat 1 is to act
      And an event uno_out_missed cites V-UNO-OUT-CALL
      And an event cards_drawn cites V-UNO-OUT-CALL

    @V-UNO-OUT-CALL @V-SEVEN-ZERO @negative @official
    Scenario: a zero laid last without the call passes the empty hand on before the penalty
      Policy: no source settles this; engine choice: the card's effect comes before the penalty, so the player who receives the empty hand has gone out

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards |
        | 0    | R0    |
        | 1    | B1 B2 |
        | 2    | Y1 Y5 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R0
      Then an event uno_out_missed cites V-UNO-OUT-CALL
      And an event hands_rotated cites V-SEVEN-ZERO
      And the round is won by seat 1

    @V-UNO-OUT-CALL @negative @official
    Scenario: a Draw Two laid last without the call still hits the next player
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays RD2
      Then the round goes on
      And seat 0 holds 2 cards
      And seat 1 holds 4 cards
      And seat 2 is to act

    @V-UNO-OUT-CALL @V-JUMP-IN @official
    Scenario: a last card laid by jumping in may carry the UNO out call
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 4-player game
      And the option V-UNO-OUT-CALL
      And the option V-JUMP-IN
      And the hands are
        | seat | cards |
        | 0    | R5 G1 |
        | 1    | B1 B2 |
        | 2    | R5    |
        | 3    | Y1 Y2 |
      And the top card is R3
      And seat 2 has called UNO
      When seat 0 plays R5
      Then seat 2 may jump in with R5 and says UNO out
      # checks V-JUMP-IN
      And seat 2 may jump in with R5
      # checks V-UNO-OUT-CALL
      When seat 2 jumps in with R5 and says UNO out
      Then the round is won by seat 2

    @V-UNO-OUT-CALL @V-STACK-DRAW @negative @official
    Scenario: a last draw card stacked without the UNO out call costs the penalty and still passes the total on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the option V-STACK-DRAW
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | BD2       |
        | 2    | G5 Y9     |
      And the top card is R7
      And seat 1 has called UNO
      When seat 0 plays RD2
      Then seat 1 may play BD2 and says UNO out
      When seat 1 plays BD2
      Then the round goes on
      And an event uno_out_missed cites V-UNO-OUT-CALL
      And seat 1 holds 2 cards
      # checks V-STACK-DRAW
      And seat 2 holds 6 cards
      And seat 0 is to act

    @V-UNO-OUT-CALL @V-MULTI-PLAY @official
    Scenario: the card that empties the hand in the middle of a group carries the UNO out call
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the option V-MULTI-PLAY
      And the hands are
        | seat | cards |
        | 0    | R2 R5 |
        | 1    | B5 B6 |
        | 2    | Y7 Y8 |
      And the top card is R7
      When seat 0 plays R2
      # checks V-MULTI-PLAY
      Then seat 0 may play R5
      # checks V-UNO-OUT-CALL
      And seat 0 may play R5 and says UNO out
      When seat 0 plays R5 and says UNO out
      Then the round is won by seat 0

    @V-UNO-OUT-CALL @official
    Scenario: under Cheat UNO a last Wild, played face up, may carry the UNO out call
      Policy: no source combines the two variants; engine choice: a face-up play carries the call as always, a face-down one carries none

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the option V-CHEAT
      And the hands are
        | seat | cards |
        | 0    | W     |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      Then seat 0 may play W and says UNO out
      And seat 0 may play W

    @V-UNO-OUT-CALL @official
    Scenario: a one-card penalty leaves the player owing an UNO call
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL is {"penalty_cards": 1}
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5
      Then seat 0 holds 1 card
      And seat 0 must call UNO
      And seat 0 may call UNO

    @V-UNO-OUT-CALL @negative @official
    Scenario: the UNO out call goes only with a hand's last card
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶3

      Given a 3-player game
      And the option V-UNO-OUT-CALL
      And the hands are
        | seat | cards |
        | 0    | R5 G1 |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      Then seat 0 may play R5
      And seat 0 may not play R5 and says UNO out

  Rule: V-UNO-NOT-ENFORCED

    @V-UNO-NOT-ENFORCED @negative @official
    Scenario: a player who does not call UNO cannot be caught
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶2

      Given a 3-player game
      And the option V-UNO-NOT-ENFORCED
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      Then seat 0 cannot be caught
      When seat 1 tries to catch seat 0
      # checks V-UNO-NOT-ENFORCED
      Then the action is refused under P-FALSE-CATCH
      And the position is unchanged
      When seat 1 plays R6
      Then seat 0 cannot be caught
      And seat 2 may not catch seat 0
      And seat 0 holds 1 card

    @V-UNO-NOT-ENFORCED @official
    Scenario: a player may still call UNO when it is optional
      Cites sv-unoregler › Säga UNO när man får ett kort kvar › ¶1

      Given a 3-player game
      And the option V-UNO-NOT-ENFORCED
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      Then seat 0 may call UNO
      When seat 0 calls UNO
      Then seat 0 has called UNO

  Rule: V-UNO-LATE-CATCH

    @V-UNO-LATE-CATCH @negative @official
    Scenario: a catch before the next turn has begun has no effect
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      # checks UNO-CALL
      Then seat 0 must call UNO
      # checks V-UNO-LATE-CATCH
      And seat 0 cannot be caught
      When seat 1 tries to catch seat 0
      Then the action is refused under P-FALSE-CATCH
      And the position is unchanged

    @V-UNO-LATE-CATCH @official
    Scenario: the offender can be caught once the next player has begun their turn
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 plays R6
      Then seat 0 can be caught
      When seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      And an event cards_drawn cites UNO-PENALTY

    @V-UNO-LATE-CATCH @official
    Scenario: the offender stays catchable until their own next turn
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 plays R6
      And seat 2 plays R7
      Then seat 0 is to act
      And seat 0 can be caught
      When seat 1 catches seat 0
      Then seat 0 holds 3 cards

    @V-UNO-LATE-CATCH @official
    Scenario: a call before the next turn has begun still keeps the player safe
      Cites fi-wikipedia › Pelin kulku › ¶5

      Given a 3-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 0 calls UNO
      And seat 1 plays R6
      Then seat 0 has called UNO
      And seat 0 cannot be caught
      And seat 2 may not catch seat 0

    @V-UNO-LATE-CATCH @negative @official
    Scenario: a call made after the next turn has begun no longer helps
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 plays R6
      And seat 0 tries to call UNO
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-UNO-LATE-CATCH
      And seat 0 can be caught

    @V-UNO-LATE-CATCH @negative @official
    Scenario: when the next turn is the offender's own no late window opens
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 2-player game
      And the option V-UNO-LATE-CATCH
      And the hands are
        | seat | cards    |
        | 0    | RS G1    |
        | 1    | R6 B1 B2 |
      And the top card is R3
      And the draw pile starts with Y9
      When seat 0 plays RS
      # checks TWO-PLAYER-SKIP
      Then seat 0 is to act
      # checks V-UNO-LATE-CATCH
      And seat 0 cannot be caught
      And seat 0 may call UNO
      When seat 1 tries to catch seat 0
      Then the action is refused under P-FALSE-CATCH
      When seat 0 draws
      Then seat 0 holds exactly G1 Y9
      And seat 1 is to act
      And seat 1 may not catch seat 0

    @V-UNO-LATE-CATCH @negative @fi-wikipedia
    Scenario: the Finnish article lets nobody catch before the next turn
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game under the fi-wikipedia profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 tries to catch seat 0
      # checks V-UNO-LATE-CATCH
      Then the action is refused under P-FALSE-CATCH
      And the position is unchanged

    @V-UNO-LATE-CATCH @fi-wikipedia
    Scenario: the Finnish article lets the offender be caught during the next turn
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game under the fi-wikipedia profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 plays R6
      And seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      And seat 2 is to act

    @V-UNO-LATE-CATCH @fi-wikipedia
    Scenario: under the late window the catch comes once the next turn has begun
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      Then seat 0 cannot be caught
      When seat 1 plays R2
      Then seat 0 can be caught
      And seat 0 may not call UNO
      When seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds exactly G9 B3 Y5
      And seat 2 is to act

    @V-UNO-LATE-CATCH @P-FALSE-CATCH @negative @fi-wikipedia
    Scenario: under the late window a catch before the next turn does nothing
      Policy: no source settles this; the late window of fi-wikipedia has not opened yet, so the catch is void.

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      And seat 2 tries to catch seat 0
      Then the action is refused under P-FALSE-CATCH
      # checks P-FALSE-CATCH
      And the position is unchanged
      # checks V-UNO-LATE-CATCH
      And seat 0 may call UNO

  Rule: V-EXT-UNO-PENALTY-4

    @V-EXT-UNO-PENALTY-4 @official
    Scenario: a caught player draws four cards
      Policy: no source settles this; EXT-MATTEL only

      Given a 3-player game
      And the option V-EXT-UNO-PENALTY-4
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 catches seat 0
      Then seat 0 holds 5 cards
      And an event cards_drawn cites UNO-PENALTY
      And seat 1 is to act

    @V-EXT-UNO-PENALTY-4 @official
    Scenario: a caught player draws four and misses a turn when both penalties are on
      Policy: no source settles this; EXT-MATTEL only

      Given a 3-player game
      And the option V-EXT-UNO-PENALTY-4
      And the option V-UNO-PENALTY-LOSE-TURN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 catches seat 0
      Then seat 0 holds 5 cards
      # checks V-UNO-PENALTY-LOSE-TURN
      And the position has /missed_turns/0 = 1

    @V-EXT-UNO-PENALTY-4 @negative @official
    Scenario: the UNO out penalty is not raised to four
      Policy: no source settles this; EXT-MATTEL only

      Given a 3-player game
      And the option V-EXT-UNO-PENALTY-4
      And the option V-UNO-OUT-CALL
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5
      Then seat 0 holds 2 cards
      # checks V-UNO-OUT-CALL
      And the round goes on

    @V-EXT-UNO-PENALTY-4 @negative @official
    Scenario: four cards change nothing when calling UNO is optional
      Policy: no source settles this; EXT-MATTEL only

      Given a 3-player game
      And the option V-EXT-UNO-PENALTY-4
      And the option V-UNO-NOT-ENFORCED
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | R6 B1 B2 |
        | 2    | R7 Y1 Y2 |
      And the top card is R3
      When seat 0 plays R5
      And seat 1 tries to catch seat 0
      Then the action is refused
      And seat 0 holds 1 card
