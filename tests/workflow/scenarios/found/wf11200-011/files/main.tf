resource "terraform_data" "a" {
  input = 42
  triggers_replace = "v1"
}

resource "terraform_data" "a1" {
  input = terraform_data.a.output
  triggers_replace = terraform_data.a.id
}

resource "terraform_data" "db" {
  input = 42
  triggers_replace = terraform_data.a.id

  lifecycle {
    create_before_destroy = true
    ignore_changes = [input]
  }
}
