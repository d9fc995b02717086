resource "terraform_data" "web" {
  count = var.size
  input = "hello"
  triggers_replace = [1, 2]
}

output "ids" {
  value = terraform_data.web[*].output
}
