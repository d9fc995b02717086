resource "terraform_data" "db" {
  input = ["a", "b"]
}

resource "terraform_data" "b" {
  for_each = { x = "1", y = "2" }
  input = terraform_data.db.id

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

resource "terraform_data" "item" {
  input = "hello"
  triggers_replace = [1, 2]
}

output "ids" {
  value = [for v in terraform_data.b : v.id]
}
