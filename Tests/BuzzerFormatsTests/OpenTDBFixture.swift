/// A trimmed Open Trivia Database response (`api.php?amount=6`, default encoding), kept as the
/// API sends it: HTML character references in questions, answers and categories.
enum OpenTDBFixture {
    static let response = #"""
    {"response_code": 0, "results": [
      {"type": "multiple", "difficulty": "easy", "category": "Entertainment: Music", "question": "Which band sang &quot;Hello, Goodbye&quot;?", "correct_answer": "The Beatles", "incorrect_answers": ["The Rolling Stones", "The Kinks", "The Who"]},
      {"type": "boolean", "difficulty": "medium", "category": "Science &amp; Nature", "question": "The chemical symbol for sodium is &#039;Na&#039;.", "correct_answer": "True", "incorrect_answers": ["False"]},
      {"type": "multiple", "difficulty": "hard", "category": "Entertainment: Music", "question": "Which composer wrote the &ldquo;Bol&eacute;ro&rdquo;?", "correct_answer": "Maurice Ravel", "incorrect_answers": ["Claude Debussy", "Erik Satie", "Camille Saint-Sa&euml;ns"]},
      {"type": "multiple", "difficulty": "medium", "category": "Geography", "question": "What is the capital of Canada&#x3F;", "correct_answer": "Ottawa", "incorrect_answers": ["Toronto", "Montr&eacute;al", "Vancouver"]},
      {"type": "boolean", "difficulty": "easy", "category": "Science &amp; Nature", "question": "Water boils at 50&deg;C at sea level.", "correct_answer": "False", "incorrect_answers": ["True"]},
      {"type": "multiple", "difficulty": "easy", "category": "Entertainment: Film", "question": "Who directed &quot;Am&eacute;lie&quot; (2001)?", "correct_answer": "Jean-Pierre Jeunet", "incorrect_answers": ["Luc Besson", "Fran&ccedil;ois Ozon", "Jacques Audiard"]}
    ]}
    """#
}
