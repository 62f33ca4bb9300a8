Feature: Calling UNO
  A player whose hand drops to a single card must call UNO. Another player who notices
  a missed call in time catches the offender, who draws a penalty. A late call made
  before anyone catches the player still counts; a catch with no basis does nothing.

  Rule: UNO-CALL

    @UNO-CALL @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a player left with one card owes the call and may make it
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      Then seat 0 must call UNO
      And seat 0 may call UNO
      When seat 0 calls UNO
      Then seat 0 has called UNO
      And seat 0 cannot be caught
      And seat 1 is to act

    @UNO-CALL @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: nobody calls UNO while holding two cards
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | B1 B4 B5 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      Then seat 0 cannot be caught
      And seat 0 may not call UNO
      When seat 0 tries to call UNO
      Then the action is refused under UNO-CALL
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @UNO-CALL @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a player who has called may not call again
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | B1       |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 1 has called UNO
      When seat 1 tries to call UNO
      Then the action is refused under UNO-CALL
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-05
    Scenario Outline: a forgotten call is punished only while calling is enforced
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the option V-UNO-NOT-ENFORCED is <not_enforced>
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 1 tries to catch seat 0
      Then the outcome is <outcome>

      @official @UNO-CALL
      Examples:
        | profile  | not_enforced | outcome                       |
        | official | false        | seat 0 holds exactly G9 B3 Y5 |

      @sv-unoregler @UNO-CALL
      Examples:
        | profile      | not_enforced | outcome                       |
        | sv-unoregler | false        | seat 0 holds exactly G9 B3 Y5 |

      @id-wikipedia @UNO-CALL
      Examples:
        | profile      | not_enforced | outcome                       |
        | id-wikipedia | false        | seat 0 holds exactly G9 B3 Y5 |

      @official @V-UNO-NOT-ENFORCED
      Examples:
        | profile  | not_enforced | outcome                     |
        | official | true         | refused under P-FALSE-CATCH |

    @AMB-43
    Scenario Outline: the Swedish disclaimer leaves the call enforced
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the option V-UNO-NOT-ENFORCED is <not_enforced>
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 2 tries to catch seat 0
      Then the outcome is <outcome>

      @official @UNO-CALL
      Examples:
        | profile  | not_enforced | outcome                                                    |
        | official | false        | seat 0 holds 3 cards; the position has /missed_turns/0 = 0 |

      @sv-unoregler @UNO-CALL
      Examples:
        | profile      | not_enforced | outcome                                                    |
        | sv-unoregler | false        | seat 0 holds 3 cards; the position has /missed_turns/0 = 1 |

      @official @V-UNO-NOT-ENFORCED
      Examples:
        | profile  | not_enforced | outcome                     |
        | official | true         | refused under P-FALSE-CATCH |

  Rule: V-SEVEN-ZERO

    @AMB-41
    Scenario Outline: the call falls on whoever ends an action with one card
      Policy: no source settles this; the variants that can leave a hand at one card, or empty it with several cards, say nothing about calling.

      Given a 3-player game
      And the option <variant>
      And the hands are
        | seat | cards    |
        | 0    | <hand>   |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2 Y3 |
      And the top card is <top>
      When seat 0 plays <first>
      And seat 0 <second>
      Then the outcome is <outcome>

      @official @V-SEVEN-ZERO
      Examples:
        | profile  | variant      | hand  | top | first | second                  | outcome                                                             |
        | official | V-SEVEN-ZERO | R7 G9 | R3  | R7    | swaps hands with seat 1 | seat 1 must call UNO; seat 1 can be caught; seat 0 cannot be caught |

      @official @V-MULTI-PLAY
      Examples:
        | profile  | variant      | hand  | top | first | second   | outcome                                             |
        | official | V-MULTI-PLAY | R5 G5 | Y5  | R5    | plays G5 | the round is won by seat 0; seat 0 cannot be caught |

  Rule: UNO-SELF-RESCUE

    @UNO-SELF-RESCUE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a late call made before any catch still protects
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      # checks UNO-CALL
      Then seat 0 must call UNO
      # checks UNO-SELF-RESCUE
      When seat 0 calls UNO
      Then seat 0 has called UNO
      And seat 2 may not catch seat 0
      When seat 2 tries to catch seat 0
      Then the action is refused under P-FALSE-CATCH
      And seat 0 holds exactly G9

    @UNO-SELF-RESCUE @official @sv-unoregler @id-wikipedia
    Scenario: a player may call while another seat is to act
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | B1 B2 B4 |
        | 1    | Y3 Y4 Y6 |
        | 2    | G9       |
      And the top card is B7
      And seat 2 has not called UNO
      Then seat 2 can be caught
      When seat 2 calls UNO
      Then seat 2 has called UNO
      And seat 1 may not catch seat 2
      And seat 0 is to act

    @UNO-SELF-RESCUE @negative @official @sv-unoregler @id-wikipedia
    Scenario: a call after being caught comes too late
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards
      # checks UNO-SELF-RESCUE
      And seat 0 may not call UNO
      When seat 0 tries to call UNO
      Then the action is refused under UNO-CALL

  Rule: UNO-CATCH

    @UNO-CATCH @official @sv-unoregler @id-wikipedia
    Scenario: any other player may catch a missed call
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      Then seat 0 can be caught
      And seat 1 may catch seat 0
      And seat 2 may catch seat 0
      When seat 2 catches seat 0
      Then an event uno_caught cites UNO-CATCH
      # checks UNO-PENALTY
      And seat 0 holds exactly G9 B3 Y5
      # checks UNO-CATCH
      And seat 0 cannot be caught

    @UNO-CATCH @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: nobody may catch themselves
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      Then seat 0 may not catch seat 0
      When seat 0 tries to catch seat 0
      Then the action is refused under UNO-CATCH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: UNO-PENALTY

    @UNO-PENALTY @official @sv-unoregler @id-wikipedia
    Scenario: a caught player draws two cards from the draw pile
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5 G1
      When seat 0 plays R5
      And seat 1 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5
      And an event cards_drawn cites UNO-PENALTY
      And seat 1 holds 3 cards
      And seat 1 is to act

    @UNO-PENALTY @negative @official @id-wikipedia
    Scenario: the penalty costs the caught player no turn
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | R3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 1 catches seat 0
      And seat 1 plays R2
      And seat 2 plays R3
      Then seat 0 is to act
      And seat 0 holds 3 cards

    @UNO-PENALTY @official
    Scenario: the number of penalty cards is a setting
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; id-wikipedia › Penalti › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2

      Given the option UNO-PENALTY.cards is 4
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5 G1 G2 G3
      When seat 0 plays R5
      And seat 2 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5 G1 G2
      And seat 1 is to act

    @AMB-02
    Scenario Outline: what a caught player pays
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶2; sv-unoregler › Vanliga frågor om regler i UNO › ¶2; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | R3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 1 catches seat 0
      And seat 1 plays R2
      And seat 2 plays R3
      Then the outcome is <outcome>

      @official @UNO-PENALTY
      Examples:
        | profile  | outcome                                |
        | official | seat 0 holds 3 cards; seat 0 is to act |

      @id-wikipedia @UNO-PENALTY
      Examples:
        | profile      | outcome                                |
        | id-wikipedia | seat 0 holds 3 cards; seat 0 is to act |

      @sv-unoregler @V-UNO-PENALTY-LOSE-TURN
      Examples:
        | profile      | outcome                                |
        | sv-unoregler | seat 0 holds 3 cards; seat 1 is to act |

  Rule: UNO-CATCH-WINDOW

    @UNO-CATCH-WINDOW @negative @official @sv-unoregler @id-wikipedia
    Scenario: a call after the next turn has begun comes too late
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      And seat 1 plays R2
      Then seat 0 may not call UNO
      When seat 0 tries to call UNO
      Then the action is refused under UNO-CATCH-WINDOW
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @UNO-CATCH-WINDOW @official @sv-unoregler @id-wikipedia
    Scenario: the window survives the forced draw of a Draw Two victim
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | RD2 G9   |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with G1 G2 B3 Y5
      When seat 0 plays RD2
      # checks DRAW-TWO-EFFECT
      Then seat 1 holds 5 cards
      And seat 2 is to act
      # checks UNO-CATCH-WINDOW
      And seat 0 can be caught
      When seat 1 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5

    @UNO-CATCH-WINDOW @official @id-wikipedia
    Scenario: the window survives a Wild Draw Four victim's decision and draw
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | WD4 G9   |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with G1 G2 G3 G4 B3 Y5
      When seat 0 plays WD4
      And seat 0 names blue
      # checks WD4-CHALLENGE
      Then the phase is challenge
      # checks UNO-CATCH-WINDOW
      And seat 0 can be caught
      # checks WD4-EFFECT
      When seat 1 accepts
      Then seat 1 holds 7 cards
      And seat 2 is to act
      # checks UNO-CATCH-WINDOW
      And seat 0 can be caught
      When seat 2 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5

    @UNO-CATCH-WINDOW @official @sv-unoregler @id-wikipedia
    Scenario: a skipped player's lost turn leaves the window open
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | RS G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays RS
      # checks SKIP-EFFECT
      Then seat 2 is to act
      # checks UNO-CATCH-WINDOW
      And seat 1 may catch seat 0
      When seat 1 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5

    @UNO-CATCH-WINDOW @official @sv-unoregler @id-wikipedia
    Scenario: with two players the window stays open until the offender's extra turn
      Cites id-wikipedia › Penalti › ¶1

      Given a 2-player game
      And the hands are
        | seat | cards    |
        | 0    | RR G9    |
        | 1    | B1 B2 B4 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays RR
      # checks REVERSE-TWO-PLAYER
      Then seat 0 is to act
      # checks UNO-CATCH-WINDOW
      And seat 1 may catch seat 0
      When seat 1 catches seat 0
      Then seat 0 holds exactly G9 B3 Y5

    @UNO-CATCH-WINDOW @negative @official @sv-unoregler @id-wikipedia
    Scenario: a catch after the next player has played is void
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      And seat 1 plays R2
      Then seat 0 cannot be caught
      When seat 2 tries to catch seat 0
      Then the action is refused under UNO-CATCH-WINDOW
      And the position is unchanged
      And seat 0 holds exactly G9

    @UNO-CATCH-WINDOW @negative @official @sv-unoregler @id-wikipedia
    Scenario: a turn draw by the next player also closes the window
      Cites id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with G1
      When seat 0 plays R5
      And seat 1 draws
      Then seat 0 cannot be caught
      And seat 2 may not catch seat 0

    @AMB-03
    Scenario Outline: a catch once the next player has started
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 1 plays R2
      And seat 2 tries to catch seat 0
      Then the outcome is <outcome>

      @official @UNO-CATCH-WINDOW
      Examples:
        | profile  | outcome                        |
        | official | refused under UNO-CATCH-WINDOW |

      @sv-unoregler @UNO-CATCH-WINDOW
      Examples:
        | profile      | outcome                        |
        | sv-unoregler | refused under UNO-CATCH-WINDOW |

      @id-wikipedia @UNO-CATCH-WINDOW
      Examples:
        | profile      | outcome                        |
        | id-wikipedia | refused under UNO-CATCH-WINDOW |

      @fi-wikipedia @V-UNO-LATE-CATCH
      Examples:
        | profile      | outcome                       |
        | fi-wikipedia | seat 0 holds exactly G9 B3 Y5 |

    @AMB-03
    Scenario Outline: a catch before the next player has started
      Cites fi-wikipedia › Pelin kulku › ¶5; fi-wikipedia › Rangaistukset › ¶1; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R2 B1 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And the draw pile starts with B3 Y5
      When seat 0 plays R5
      And seat 2 tries to catch seat 0
      Then the outcome is <outcome>

      @official @UNO-CATCH-WINDOW
      Examples:
        | profile  | outcome                       |
        | official | seat 0 holds exactly G9 B3 Y5 |

      @sv-unoregler @UNO-CATCH-WINDOW
      Examples:
        | profile      | outcome                       |
        | sv-unoregler | seat 0 holds exactly G9 B3 Y5 |

      @id-wikipedia @UNO-CATCH-WINDOW
      Examples:
        | profile      | outcome                       |
        | id-wikipedia | seat 0 holds exactly G9 B3 Y5 |

      @fi-wikipedia @V-UNO-LATE-CATCH
      Examples:
        | profile      | outcome                     |
        | fi-wikipedia | refused under P-FALSE-CATCH |

  Rule: UNO-REPEAT

    @UNO-REPEAT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the duty returns after drawing back up to two cards
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5       |
        | 1    | R2 B1 B4 |
        | 2    | R3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G4
      When seat 0 draws
      # checks DRAW-ONE
      Then seat 0 holds exactly R5 G4
      # checks DRAW-END-TURN
      And seat 1 is to act
      # checks UNO-REPEAT
      When seat 1 plays R2
      And seat 2 plays R3
      And seat 0 plays R5
      Then seat 0 holds exactly G4
      And seat 0 must call UNO
      And seat 0 may call UNO

    @UNO-REPEAT @negative @official @sv-unoregler @id-wikipedia
    Scenario: an earlier call does not cover a new single card
      Cites fi-wikipedia › Pelin kulku › ¶5; sv-unoregler › Säga UNO när man får ett kort kvar › ¶1; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5       |
        | 1    | R2 B1 B4 |
        | 2    | R3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G4 B3 Y5
      When seat 0 draws
      And seat 1 plays R2
      And seat 2 plays R3
      And seat 0 plays R5
      Then seat 0 can be caught
      When seat 1 catches seat 0
      Then seat 0 holds exactly G4 B3 Y5

  Rule: P-FALSE-CATCH

    @P-FALSE-CATCH @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: catching a player who has called does nothing
      Policy: no source settles this; a catch with no basis is simply void.

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | B1       |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 1 has called UNO
      Then seat 2 may not catch seat 1
      When seat 2 tries to catch seat 1
      Then the action is refused under P-FALSE-CATCH
      And the position is unchanged
      And seat 1 holds exactly B1
      And seat 2 holds 3 cards

    @P-FALSE-CATCH @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: catching a player who holds two cards does nothing
      Policy: no source settles this; a catch with no basis is simply void.

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | B1 B4    |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 2 tries to catch seat 1
      Then the action is refused under P-FALSE-CATCH
      And the position is unchanged
      And seat 1 holds 2 cards
      And seat 2 holds 3 cards

    @AMB-42
    Scenario Outline: a groundless catch costs the catcher nothing
      Policy: no source settles this; no document discusses a catch made without grounds.

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R5 G9 B2 |
        | 1    | <hand>   |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 1 <state>
      When seat 2 tries to catch seat 1
      Then the outcome is <outcome>
      And seat 2 holds 3 cards
      And seat 0 is to act

      @official @P-FALSE-CATCH
      Examples:
        | profile  | hand  | state          | outcome                     |
        | official | B1    | has called UNO | refused under P-FALSE-CATCH |
        | official | B1 B4 | holds B1 B4    | refused under P-FALSE-CATCH |

      @fi-wikipedia @P-FALSE-CATCH
      Examples:
        | profile      | hand | state          | outcome                     |
        | fi-wikipedia | B1   | has called UNO | refused under P-FALSE-CATCH |

      @sv-unoregler @P-FALSE-CATCH
      Examples:
        | profile      | hand | state          | outcome                     |
        | sv-unoregler | B1   | has called UNO | refused under P-FALSE-CATCH |

      @id-wikipedia @P-FALSE-CATCH
      Examples:
        | profile      | hand | state          | outcome                     |
        | id-wikipedia | B1   | has called UNO | refused under P-FALSE-CATCH |
