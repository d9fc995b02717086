locals {
  count_of = [1, 2, 3]
}

resource "terraform_data" "b" {
  input = 42

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "web" {
  count = 2
  input = terraform_data.b.id

  lifecycle {
    create_before_destroy = true
    replace_triggered_by = [terraform_data.b]
  }
}

output "out" {
  value = terraform_data.b.output
}

output "result" {
  value = local.count_of
  sensitive = true
}

output "value" {
  value = terraform_data.web[*].id
}
