output "o" {
value="${var.x}"
}
