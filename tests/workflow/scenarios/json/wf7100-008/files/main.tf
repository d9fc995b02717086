locals {
  merged = "pre-${terraform.workspace}"
}

resource "terraform_data" "web" {
  input = ["a", "b"]
  triggers_replace = [1, 2]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "a" {
  input = "hello"
}

output "out" {
  value = terraform.workspace
}

output "value" {
  value = terraform_data.web.output
}
